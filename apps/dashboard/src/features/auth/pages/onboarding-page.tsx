import { ONBOARDING_STEP_MS } from "@harbor/contract/constants";
import { Loader, Progress, Stack, Text } from "@mantine/core";
import { Navigate } from "react-router";
import { texts } from "../../../lib/texts";
import { useSession } from "../api/get-current-user";
import { AuthPageTitle } from "../components/auth-page-title";
import { useOnboardingStep } from "../use-onboarding-step";

const STEPS = texts.auth.onboarding.steps;

export function OnboardingPage() {
  const session = useSession({
    pollMs: (data) => (data?.company?.isDemoContentReady ? false : ONBOARDING_STEP_MS),
  });
  const step = useOnboardingStep(STEPS.length);
  const hasShownAllSteps = step >= STEPS.length;
  const isReady = session.status === "signed-in" && session.data.company?.isDemoContentReady === true;

  if (session.status === "signed-out") return <Navigate to="/sign-in" replace />;
  if (hasShownAllSteps && isReady) return <Navigate to="/inbox" replace />;

  const message = STEPS[Math.min(step, STEPS.length - 1)];
  return (
    <Stack gap="lg" align="center">
      <AuthPageTitle title={texts.auth.onboarding.title} subtitle={texts.auth.onboarding.subtitle} />
      <Loader aria-hidden />
      <Text role="status" fw={600} data-testid="onboarding-message">
        {message}
      </Text>
      <Progress
        w="100%"
        value={(Math.min(step + 1, STEPS.length) / STEPS.length) * 100}
        aria-label={texts.auth.onboarding.subtitle}
        transitionDuration={300}
      />
    </Stack>
  );
}
