/** Business constants shared by the server and the dashboard (spec part 1 §9, part 2 §9). */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MINUTES = 10;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const ONBOARDING_STEP_MS = 1000;
export const WORKSPACE_REDIRECT_DELAY_MS = 1500;
export const NOTIFICATION_SUCCESS_MS = 2500;
export const NOTIFICATION_ERROR_MS = 3000;
export const NOTIFICATION_DEFAULT_MS = 6000;
export const SESSION_TTL_DAYS = 30;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 120;
