/**
 * Pictures of the showcase chat's products, drawn as small SVGs and sent as data: URIs: a new
 * workspace shows them without any network (the dashboard's CSP allows data: images).
 */
const DRAWINGS = {
  dripper:
    '<path d="M26 30h44l-12 26H38z" fill="#f4f1ea"/><rect x="30" y="58" width="36" height="18" rx="6" fill="#f4f1ea"/>',
  kettle:
    '<path d="M30 40h34l4 34H26z" fill="#2f3437"/><path d="M64 50l16-12" stroke="#2f3437" stroke-width="5" fill="none"/><rect x="38" y="30" width="18" height="8" rx="3" fill="#2f3437"/>',
  grinder:
    '<rect x="32" y="40" width="32" height="38" rx="4" fill="#4a4f55"/><path d="M34 20h28l-4 20H38z" fill="#c9d3da"/>',
  handGrinder:
    '<rect x="36" y="38" width="24" height="40" rx="6" fill="#b08a5a"/><path d="M48 38V24h18" stroke="#3b3f44" stroke-width="4" fill="none"/><circle cx="68" cy="24" r="5" fill="#3b3f44"/>',
  filters:
    '<path d="M24 28h40l-10 40H34z" fill="#fffdf7"/><path d="M32 32h40l-10 40H42z" fill="#f7f2e6" stroke="#d9cfb8"/>',
  beans:
    '<path d="M30 26h36l4 52H26z" fill="#7a4a2a"/><ellipse cx="48" cy="54" rx="9" ry="12" fill="#3e2414"/><path d="M48 43v22" stroke="#7a4a2a" stroke-width="2"/>',
} as const;

const BACKGROUNDS: Record<keyof typeof DRAWINGS, string> = {
  dripper: "#d8e8e4",
  kettle: "#e6e1f0",
  grinder: "#e3ecf4",
  handGrinder: "#f2e6d6",
  filters: "#e9eef0",
  beans: "#f3e3d3",
};

export type DemoProduct = keyof typeof DRAWINGS;

/** A product's picture as a data: URI (image/svg+xml, base64). */
export function demoProductPicture(product: DemoProduct): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="12" fill="${BACKGROUNDS[product]}"/>${DRAWINGS[product]}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
