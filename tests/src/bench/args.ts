/** A benchmark's command line: the number after `name` (`--rate 200`), or `fallback`. */
export function numberArg(name: string, fallback: number, argv = process.argv.slice(2)): number {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
}

/** The local PostgreSQL server the benchmarks run on (LOCAL_PG_URL, else the machine's own). */
export const LOCAL_URL = process.env.LOCAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
