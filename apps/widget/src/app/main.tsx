import { createRoot } from "react-dom/client";
import { WidgetApp } from "./widget-app";
import "./widget.css";

// The loader names the widget in the frame's address: /widget/frame.html?widgetID=…
const widgetID = new URLSearchParams(window.location.search).get("widgetID") ?? "";
createRoot(document.getElementById("root") as HTMLElement).render(<WidgetApp widgetID={widgetID} />);
