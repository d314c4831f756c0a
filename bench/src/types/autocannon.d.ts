// autocannon 9 ships no types; bench/src/load.ts narrows the result itself.
declare module 'autocannon' {
  const autocannon: (options: Record<string, unknown>) => Promise<unknown>
  export default autocannon
}
