import { WIDGET_PICTURE_REMOVE_FIELD, type WidgetImageFlag, type WidgetSettings } from "@harbor/contract/widget";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { widgetSettingsQueryKey } from "./get-widget-settings";

type Sections = Partial<Omit<WidgetSettings, "widgetID">>;

/** Sections to save (each whole; others stay as stored) and at most one new picture with its flag. */
export type SaveWidgetSettingsRequest = {
  sections: Sections;
  picture?: { flag: WidgetImageFlag; file: File } | null;
  /** A saved picture to remove, by its flag. */
  removedPicture?: WidgetImageFlag | null;
};

/** POST /widget-settings/save takes multipart parts (spec part 2 §7): one JSON part per section, plus the picture. */
export function toSaveWidgetSettingsForm({ sections, picture, removedPicture }: SaveWidgetSettingsRequest): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(sections)) form.append(name, JSON.stringify(value));
  if (picture) {
    form.append("images", picture.file, picture.file.name);
    form.append(picture.flag, "true");
  }
  if (removedPicture) form.append(WIDGET_PICTURE_REMOVE_FIELD, removedPicture);
  return form;
}

export function saveWidgetSettings(request: SaveWidgetSettingsRequest) {
  return apiRequest<WidgetSettings>("/widget-settings/save", {
    method: "POST",
    body: toSaveWidgetSettingsForm(request),
  });
}

export function useSaveWidgetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWidgetSettings,
    // Every widget call answers the whole saved widget: it replaces the cache without reading it again.
    onSuccess: ({ data }) => queryClient.setQueryData(widgetSettingsQueryKey, data),
  });
}
