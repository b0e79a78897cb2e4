/** The Automation area's routes (spec part 2 §2.1); the custom-reply editor comes with its own issue. */
export const AUTOMATION_PATH = "/automation";
export const QUESTION_CATEGORIES_PATH = "/automation/question-categories";
export const CUSTOM_REPLIES_PATH = "/automation/custom-replies";
export const categoryIntentsPath = (categoryId: string) => `${QUESTION_CATEGORIES_PATH}/${categoryId}`;
