/** The widget's few icons (24×24 paths), drawn in the current text colour. */
const PATHS = {
  back: "M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z",
  close: "M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z",
  send: "M2 21 23 12 2 3v7l15 2-15 2z",
  attach:
    "M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z",
  star: "m12 17.3 6.2 3.7-1.7-7L22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.5 14l-1.7 7z",
};

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className={`i i-${name}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
