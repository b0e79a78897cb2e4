import type { WidgetTheme } from "@harbor/contract/widget";
import { widgetColors } from "@harbor/contract/widget-colors";
import { Box, Image, Stack, Text } from "@mantine/core";
import { IconMessageCircle, IconSend } from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import { texts } from "../../../lib/texts";
import { withValidColors } from "../colors";

const t = texts.chatWidget.preview;
const LAUNCHER_SIZES = { normal: 56, small: 44 } as const;
const DEFAULT_OFFSET = 20;

/** Pixels as set, kept inside the preview frame. */
const offset = (value: number, size: number) => `min(${value}px, calc(100% - ${size}px))`;

export type WidgetPreviewProps = {
  theme: WidgetTheme;
  openingMessages: string[];
  button: {
    size: "normal" | "small";
    show: boolean;
    position: { top: number | null; left: number | null; bottom: number | null; right: number | null };
  };
  /** The launcher's icon: a picked picture's object URL or the saved one; null for the default icon. */
  iconURL: string | null;
};

function Bubble({
  background,
  text,
  isCustomer,
  children,
}: {
  background: string;
  text: string;
  isCustomer: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      px="sm"
      py={8}
      maw="85%"
      data-testid={isCustomer ? "preview-customer-bubble" : "preview-ai-bubble"}
      style={{
        alignSelf: isCustomer ? "flex-end" : "flex-start",
        background,
        color: text,
        borderRadius: isCustomer ? "14px 14px 4px 14px" : "14px 14px 14px 4px",
        fontSize: 13,
        lineHeight: 1.4,
        overflowWrap: "anywhere",
        whiteSpace: "pre-wrap",
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A still picture of the widget as visitors will see it, drawn from the page's unsaved values: the
 * open chat with the opening messages and a sample exchange, and the launcher where it will sit.
 * Its colours come from the function the widget itself uses (`widgetColors`): an AI bubble left at
 * the default is the widget's neutral grey, and a text colour that would not read is replaced.
 */
export function WidgetPreview({ theme, openingMessages, button, iconURL }: WidgetPreviewProps) {
  const colors = widgetColors(withValidColors(theme));
  const { brand, onBrand: headerText } = colors;
  const size = LAUNCHER_SIZES[button.size];
  const { top, left, bottom, right } = button.position;
  const isAtTop = top !== null && bottom === null;
  const isAtLeft = left !== null && right === null;
  const launcherStyle: CSSProperties = {
    position: "absolute",
    width: size,
    height: size,
    borderRadius: "50%",
    background: brand,
    color: headerText,
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    boxShadow: "0 4px 12px rgba(0, 0, 0, 0.2)",
    overflow: "hidden",
    ...(isAtTop ? { top: offset(top ?? DEFAULT_OFFSET, size) } : { bottom: offset(bottom ?? DEFAULT_OFFSET, size) }),
    ...(isAtLeft ? { left: offset(left ?? DEFAULT_OFFSET, size) } : { right: offset(right ?? DEFAULT_OFFSET, size) }),
  };
  const launcherSpace = button.show ? size + 32 : 12;
  const messages = openingMessages.map((message) => message.trim()).filter(Boolean);

  return (
    <Box component="figure" m={0} aria-label={t.label} data-testid="widget-preview">
      <Box
        pos="relative"
        h={560}
        style={{
          border: "1px solid var(--mantine-color-gray-3)",
          borderRadius: "var(--mantine-radius-lg)",
          background: "var(--mantine-color-gray-0)",
          overflow: "hidden",
        }}
      >
        <Box
          pos="absolute"
          style={{
            top: isAtTop ? launcherSpace : 12,
            bottom: isAtTop ? 12 : launcherSpace,
            [isAtLeft ? "left" : "right"]: 12,
            width: "min(320px, calc(100% - 24px))",
            display: "flex",
            flexDirection: "column",
            background: "#ffffff",
            borderRadius: 16,
            boxShadow: "0 6px 24px rgba(0, 0, 0, 0.15)",
            overflow: "hidden",
          }}
        >
          <Box px="md" py="sm" style={{ background: brand, color: headerText }} data-testid="preview-header">
            <Text fw={700} size="sm" c="inherit">
              {t.header}
            </Text>
            <Text size="xs" c="inherit">
              {t.online}
            </Text>
          </Box>
          <Stack gap={8} p="sm" flex={1} style={{ overflowY: "auto" }}>
            {messages.map((message, index) => (
              // Messages are shown in order and have no id; the preview never reorders them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Bubble key={index} background={colors.aiBubble} text={colors.aiText} isCustomer={false}>
                {message}
              </Bubble>
            ))}
            <Bubble background={colors.visitorBubble} text={colors.visitorText} isCustomer>
              {t.customerQuestion}
            </Bubble>
            <Bubble background={colors.aiBubble} text={colors.aiText} isCustomer={false}>
              {t.aiAnswer}
            </Bubble>
          </Stack>
          <Box
            m="sm"
            px="sm"
            py={8}
            style={{
              border: "1px solid var(--mantine-color-gray-4)",
              borderRadius: 20,
              display: "flex",
              alignItems: "center",
              justifyContent: "space-between",
            }}
          >
            <Text size="sm" c="dimmed">
              {t.inputPlaceholder}
            </Text>
            <IconSend size={18} color={colors.brandInk} aria-hidden />
          </Box>
        </Box>
        {button.show ? (
          <Box
            role="img"
            aria-label={t.launcher}
            style={launcherStyle}
            data-testid="preview-launcher"
            data-size={button.size}
          >
            {iconURL ? (
              <Image src={iconURL} alt="" w="100%" h="100%" fit="cover" />
            ) : (
              <IconMessageCircle size={size / 2} aria-hidden />
            )}
          </Box>
        ) : null}
      </Box>
      {button.show ? null : (
        <Text component="figcaption" size="xs" c="dimmed" mt={4}>
          {t.hiddenButton}
        </Text>
      )}
    </Box>
  );
}
