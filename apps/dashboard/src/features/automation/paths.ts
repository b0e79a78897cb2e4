/** The Automation area's routes (spec part 2 §2.1) and the custom-reply editor's (decision 044). */
export const AUTOMATION_PATH = "/automation";
export const QUESTION_CATEGORIES_PATH = "/automation/question-categories";
export const CUSTOM_REPLIES_PATH = "/automation/custom-replies";
export const categoryIntentsPath = (categoryId: string) => `${QUESTION_CATEGORIES_PATH}/${categoryId}`;
export const customReplyEditorPath = (replyId: string) => `${CUSTOM_REPLIES_PATH}/${replyId}`;
