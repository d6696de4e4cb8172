/**
 * The examples' command line: the bins' layer (`CommandLine`: strict flags, `--help`, one line
 * plus the usage and exit 2 for a mistake), and the checks that need the service.
 */
import type { Sport, SportsOdds } from '../../src';
import { CommandLine } from '../../mocks/server/cli-flags';

export { CommandLine };

/**
 * The command line of an example run as `npm run example -- <name>`: its usage starts with that command.
 *
 * @example
 * const cli = exampleCli('clv-report', '[bets.csv] [--out <file>]', 'Closing-line value of a CSV of bets.');
 */
export function exampleCli(name: string, synopsis: string, about: string, options = ''): CommandLine {
  const usage = `Usage: npm run example -- ${name} ${synopsis}\n\n${about}${options ? `\n\nOptions:\n${options}` : ''}`;
  return new CommandLine(name, usage.trimEnd());
}

/**
 * Refuses a `--sport` that `sports` (the catalog) does not list: one line, exit 2.
 *
 * @example
 * knownSport(cli, await odds.catalog.sports(), 9999); // exits 2: --sport 9999 is not in the catalog (its sports: 1 Badminton, ...)
 */
export function knownSport(cli: CommandLine, sports: readonly Sport[], sportId: number): void {
  if (sports.some((s) => s.sport_id === sportId)) return;
  const known = sports.flatMap((s) => (s.sport_id == null ? [] : [`${s.sport_id} ${s.name ?? ''}`.trim()])).join(', ');
  cli.fail(`--sport ${sportId} is not in the catalog (its sports: ${known})`);
}

/**
 * Refuses a `--sport` the catalog does not list (one line, exit 2), before anything else is asked
 * for. The catalog is the only request: the service has no free way to list sports, so it costs
 * what any call of few rows does (1 credit).
 *
 * @example
 * await checkSport(cli, odds, 9999); // exits 2
 */
export async function checkSport(cli: CommandLine, odds: SportsOdds, sportId: number, signal?: AbortSignal): Promise<void> {
  knownSport(cli, await odds.catalog.sports(signal === undefined ? {} : { signal }), sportId);
}
