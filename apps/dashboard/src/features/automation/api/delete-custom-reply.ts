import type { CustomReplyListItem } from "@harbor/contract/automation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { customRepliesQueryKey } from "./get-custom-replies";

export function deleteCustomReply(replyId: string) {
  return apiRequest<null>("/custom-reply/delete", { method: "POST", body: { customReplyID: replyId } });
}

export function useDeleteCustomReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomReply,
    onSuccess: (_, replyId) => {
      queryClient.setQueryData<CustomReplyListItem[]>(customRepliesQueryKey, (list) =>
        list?.filter((reply) => reply._id !== replyId),
      );
      // Categories and intents that ran it now run none.
      void queryClient.invalidateQueries({ queryKey: ["automation"] });
      void queryClient.invalidateQueries({ queryKey: ["inbox", "categories"] });
    },
  });
}
