/**
 * Puts the keyboard in the screen's main field, or on its title on touch screens (where focusing a
 * field would throw the keyboard over the panel).
 */
export function focusScreen() {
  const isFinePointer = window.matchMedia?.("(pointer: fine)").matches;
  document.querySelector<HTMLElement>(isFinePointer ? "[data-autofocus]" : "h1")?.focus({ preventScroll: true });
}
