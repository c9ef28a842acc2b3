/** A change with its sign (+1.2万 / -300), the number through `format`. */
export function signedCount(value: number, format: (n: number) => string): string {
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${format(Math.abs(value))}`;
}
