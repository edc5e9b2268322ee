/**
 * The balance, remembered on this device only (localStorage, nothing sent): offered back on a visit without
 * a link, with Forget beside it. Where storage is refused (private browsing, a full quota), nothing is kept.
 */
const KEY = "exp-bank-calculator:balance";

function stored(value?: string | null): string {
  try {
    if (value) localStorage.setItem(KEY, value);
    else if (value === null) localStorage.removeItem(KEY);
    return localStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

/** Prefills `field` with the kept balance, unless linked, and wires Forget; returns how to keep one. */
export function mountRemember(
  field: HTMLInputElement,
  forget: HTMLButtonElement,
  linked: boolean,
): (value: string) => void {
  const show = (value: string) => (forget.hidden = !value);
  if (!linked && !field.value) field.value = stored();
  show(stored());
  forget.addEventListener("click", () => {
    if (field.value.trim() === stored()) field.value = "";
    show(stored(null));
    field.focus();
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
  return (value) => show(stored(value));
}
