import type { CustomReplyFile } from "@harbor/contract/automation";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/custom-reply/upload: stores a file a message_file action sends; answers its address and type. */
export async function uploadReplyFile(file: File): Promise<CustomReplyFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  const { data } = await apiRequest<CustomReplyFile>("/custom-reply/upload", { method: "POST", body: form });
  return data;
}
