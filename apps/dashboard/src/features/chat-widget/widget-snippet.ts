/** The tag a shop pastes into its pages (served by the widget loader on this origin). */
export function widgetSnippet(options: { origin: string; widgetID: string }): string {
  return `<script src="${options.origin}/widget/loader.js" data-widget-id="${options.widgetID}" async></script>`;
}

/** The server's sample shop page with the widget on it. */
export function widgetDemoURL(widgetID: string): string {
  return `/widget/demo?widgetID=${encodeURIComponent(widgetID)}`;
}
