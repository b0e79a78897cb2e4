/** "1 user", "3 users": English count + noun with a plural form when the count is not 1. */
export function plural({ count, one, many }: { count: number; one: string; many: string }): string {
  return `${count} ${count === 1 ? one : many}`;
}
