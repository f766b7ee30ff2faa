function compute(): number {
  return 3;
}

export const LIMIT = compute();
