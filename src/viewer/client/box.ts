// The size of a germplasm box and a point of the drawing, shared by the layouts (layout.ts, fans.ts, generations.ts).
export const NODE_WIDTH = 176;
export const NODE_HEIGHT = 42;

export interface Point {
  x: number;
  y: number;
}
