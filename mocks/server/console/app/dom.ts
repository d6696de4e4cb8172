/**
 * The console's DOM helpers: elements built with attributes and children, every value set as text
 * (never parsed as HTML).
 */

/** A child of an element: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attributes of an element (`text` is its text); false, null and undefined leave one out. */
type Attrs = Readonly<Record<string, string | number | boolean | null | undefined>>;

function append(parent: Element, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.append(child instanceof Node ? child : String(child));
  }
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') el.textContent = String(value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
}

/** An HTML element with attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element with attributes and optional text. */
export function s(tag: string, attrs: Attrs, text?: string): SVGElement {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  setAttrs(el, attrs);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** A button that runs `onClick`. */
export function button(label: string, onClick: () => void, attrs: Attrs = {}): HTMLButtonElement {
  const el = h('button', { type: 'button', ...attrs, text: label });
  el.addEventListener('click', onClick);
  return el;
}

/** The element with this id, of the expected kind: the page and its program are built together, so anything else is a bug. */
export function byId<T extends Element>(id: string, kind: abstract new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`the console page has no ${kind.name} #${id}`);
  return el;
}

/** Replaces a table's rows, or shows one row saying why there is none. */
export function fill(table: HTMLTableElement, rows: readonly HTMLTableRowElement[], columns: number, none: string): void {
  const body = table.tBodies[0] ?? table.createTBody();
  body.replaceChildren(...(rows.length > 0 ? rows : [h('tr', { class: 'empty' }, h('td', { colspan: columns, text: none }))]));
}

/** Handles a form's submission in place of the browser's. */
export function onSubmit(form: HTMLFormElement, handle: () => void): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    handle();
  });
}
