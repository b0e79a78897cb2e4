import type { CustomReply, CustomReplyListItem, SaveCustomReplyRequest } from "@harbor/contract/automation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { customRepliesQueryKey } from "./get-custom-replies";
import { withSaved } from "./get-question-categories";

/** Without nodes the server keeps a saved reply's graph: renaming here never touches its steps. */
export function saveCustomReply(request: SaveCustomReplyRequest) {
  return apiRequest<CustomReply>("/custom-reply/save", { method: "POST", body: request });
}

const byName = (a: CustomReplyListItem, b: CustomReplyListItem) => a.name.localeCompare(b.name);

export function useSaveCustomReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomReply,
    onSuccess: ({ data }) => {
      const item: CustomReplyListItem = {
        _id: data._id,
        name: data.name,
        isActive: data.isActive,
        nodeCount: data.nodes.length,
      };
      queryClient.setQueryData<CustomReplyListItem[]>(
        customRepliesQueryKey,
        (list) => list && withSaved(list, item).sort(byName),
      );
      void queryClient.invalidateQueries({ queryKey: ["inbox", "categories"] });
    },
  });
}
