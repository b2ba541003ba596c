// Pan and zoom by rewriting the SVG viewBox: wheel zooms around the pointer, dragging pans. A drag only captures the
// pointer once it has moved a few pixels, so a plain click still reaches the node under it.
export interface View {
  /** Top-left corner of the visible area, in graph coordinates. */
  x: number;
  y: number;
  /** Screen pixels per graph unit. */
  scale: number;
}

const MIN_SCALE = 0.02;
const MAX_SCALE = 4;
const DRAG_THRESHOLD = 4;

export class PanZoom {
  private view: View = { x: 0, y: 0, scale: 1 };
  private content = { width: 0, height: 0 };
  /** True right after a drag, so the click that ends it does not select a node. */
  dragged = false;

  constructor(private readonly svg: SVGSVGElement) {
    svg.addEventListener('wheel', (ev) => this.onWheel(ev), { passive: false });
    svg.addEventListener('pointerdown', (ev) => this.onPointerDown(ev));
    new ResizeObserver(() => this.apply()).observe(svg);
  }

  setContent(width: number, height: number) {
    this.content = { width, height };
  }

  /** The scale at which the whole graph fits (never above 1: small trees stay at reading size). */
  fitScale(): number {
    const { w, h } = this.screen();
    if (!this.content.width || !this.content.height) return 1;
    return Math.max(MIN_SCALE, Math.min(1, w / this.content.width, h / this.content.height));
  }

  fit() {
    this.centreOn(this.content.width / 2, this.content.height / 2, this.fitScale());
  }

  centreOn(x: number, y: number, scale: number) {
    const { w, h } = this.screen();
    this.view = { x: x - w / scale / 2, y: y - h / scale / 2, scale };
    this.apply();
  }

  zoomBy(factor: number, screenX?: number, screenY?: number) {
    const { w, h } = this.screen();
    const sx = screenX ?? w / 2;
    const sy = screenY ?? h / 2;
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.view.scale * factor));
    // Keep the graph point under (sx, sy) where it is.
    const gx = this.view.x + sx / this.view.scale;
    const gy = this.view.y + sy / this.view.scale;
    this.view = { x: gx - sx / scale, y: gy - sy / scale, scale };
    this.apply();
  }

  private screen() {
    return { w: this.svg.clientWidth || 1, h: this.svg.clientHeight || 1 };
  }

  private apply() {
    const { w, h } = this.screen();
    const { x, y, scale } = this.view;
    this.svg.setAttribute('viewBox', [x, y, w / scale, h / scale].map((v) => Math.round(v * 100) / 100).join(' '));
  }

  private onWheel(ev: WheelEvent) {
    ev.preventDefault();
    const box = this.svg.getBoundingClientRect();
    this.zoomBy(Math.exp(-ev.deltaY * 0.0015), ev.clientX - box.left, ev.clientY - box.top);
  }

  private onPointerDown(ev: PointerEvent) {
    if (ev.button !== 0) return;
    const start = { x: ev.clientX, y: ev.clientY, vx: this.view.x, vy: this.view.y };
    let dragging = false;
    this.dragged = false;
    const move = (e: PointerEvent) => {
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (!dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!dragging) {
        dragging = true;
        this.svg.setPointerCapture(ev.pointerId);
        this.svg.classList.add('dragging');
      }
      this.view = { ...this.view, x: start.vx - dx / this.view.scale, y: start.vy - dy / this.view.scale };
      this.apply();
    };
    const up = () => {
      this.dragged = dragging;
      this.svg.classList.remove('dragging');
      this.svg.removeEventListener('pointermove', move);
      this.svg.removeEventListener('pointerup', up);
      this.svg.removeEventListener('pointercancel', up);
    };
    this.svg.addEventListener('pointermove', move);
    this.svg.addEventListener('pointerup', up);
    this.svg.addEventListener('pointercancel', up);
  }
}
