// Tiny DOM helpers. Every piece of data reaches the page as a text node or an attribute value, never as markup, so
// germplasm names with brackets, quotes or ampersands are shown literally and cannot inject anything.
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

function append(el: Element, children: Child[]) {
  for (const c of children) if (c) el.append(c);
}

export function byId<T extends HTMLElement | SVGElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing from the page`);
  return el as unknown as T;
}

/** Shows a same-origin URL as the request line a client sends (path and query), linked to the full URL. */
export function showUrl(link: HTMLAnchorElement, url: string) {
  const u = new URL(url);
  link.textContent = u.pathname + u.search;
  link.href = u.href;
}
