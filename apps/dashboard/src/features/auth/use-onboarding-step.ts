import { ONBOARDING_STEP_MS } from "@harbor/contract/constants";
import { useEffect, useState } from "react";

/**
 * Counts the onboarding messages shown: 0 right away, +1 every ONBOARDING_STEP_MS, stopping at
 * `count` (each message, the last included, has then been on screen for one full step).
 */
export function useOnboardingStep(count: number): number {
  const [step, setStep] = useState(0);
  const isDone = step >= count;

  useEffect(() => {
    if (isDone) return;
    const timer = setInterval(() => setStep((current) => Math.min(current + 1, count)), ONBOARDING_STEP_MS);
    return () => clearInterval(timer);
  }, [isDone, count]);

  return step;
}
