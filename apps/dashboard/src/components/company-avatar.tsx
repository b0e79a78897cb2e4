import { Avatar, type MantineSize } from "@mantine/core";
import { getInitials } from "../lib/initials";

type CompanyAvatarProps = { name: string; logoURL: string | null; size?: MantineSize | number };

/** A company's logo, or the initials of up to two words of its name when it has none (or it fails). */
export function CompanyAvatar({ name, logoURL, size = "md" }: CompanyAvatarProps) {
  return (
    <Avatar src={logoURL} alt="" size={size} radius="md" color="harbor" aria-hidden>
      {getInitials(name)}
    </Avatar>
  );
}
