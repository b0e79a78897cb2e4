/** The knowledge base's routes (spec part 1 §2). */
export const SOURCES_PATH = "/knowledge-base/sources";
export const ARTICLES_PATH = "/knowledge-base/articles";
export const NEW_ARTICLE_PATH = "/knowledge-base/articles/add";

export const sourcePath = (sourceID: string) => `${SOURCES_PATH}/${encodeURIComponent(sourceID)}`;
export const articleEditorPath = (referenceID: string) => `${NEW_ARTICLE_PATH}/${encodeURIComponent(referenceID)}`;
