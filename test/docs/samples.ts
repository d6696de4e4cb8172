/**
 * The output samples of docs/examples.md: each is a ```` ```text ```` block whose first line is the
 * command that prints it (`$ npm run example -- clv-report`), followed by lines of its output, where
 * `...` stands for lines left out. A sample that changes from run to run (the time of day, a race
 * between workers) is a ```` ```text varies ```` block: it is compared by its shape (numbers masked).
 */

/** One sample: the command, its lines, and how it is compared. */
export interface Sample {
  /** Line of the document where the block starts. */
  line: number;
  /** The example's name and arguments, as given to `npm run example --`. */
  args: string[];
  /** The output lines shown, `...` where lines are left out. */
  lines: string[];
  /** Compared by shape: every number masked, runs of spaces as one. */
  varies: boolean;
}

const FENCE = /^```(\w*)(?: (\w+))?$/;
const COMMAND = /^\$ npm run (?:demo$|example -- (.+)$)/;

/**
 * The samples of a document, and the fenced blocks that are neither code nor a marked sample.
 *
 * @example
 * const { samples, unmarked } = extractSamples(readFileSync('docs/examples.md', 'utf8'));
 */
export function extractSamples(markdown: string): { samples: Sample[]; unmarked: number[] } {
  const lines = markdown.split('\n');
  const samples: Sample[] = [];
  const unmarked: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && lines[end] !== '```') end++;
    const [, language, flag] = open;
    const command = COMMAND.exec(lines[i + 1] ?? '');
    if (language === 'text' && command && (flag === undefined || flag === 'varies')) {
      samples.push({
        line: i + 1,
        args: command[1] === undefined ? ['quickstart'] : command[1].split(' '),
        lines: lines.slice(i + 2, end),
        varies: flag === 'varies',
      });
    } else if (language !== 'sh' && language !== 'ts') unmarked.push(i + 1);
    i = end;
  }
  return { samples, unmarked };
}

/** What differs from run to run in every sample: clock times, ports, temporary paths, key ids. */
const MASKS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b\d{2}:\d{2}:\d{2}(?:\.\d{3})?\b/g, 'hh:mm:ss'],
  [/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>'],
  [/(?:\/?[A-Za-z_.][\w.-]*\/)+(?=[\w.-])/g, '<dir>/'],
  [/[\w.-]+\.sqlite\b/g, '<file>.sqlite'],
  [/\b(svc_live_|rot_)[\w-]{4}…/g, '$1<key>…'],
  [/\bkey_[0-9a-f]{32}\b/g, 'key_<id>'],
  [/-[0-9a-f]{12}\b/g, '-<hex>'],
];

/** A line as compared: masked, and for a sample that varies, by its shape. */
export function normalize(line: string, varies: boolean): string {
  let text = line.trimEnd();
  for (const [pattern, replacement] of MASKS) text = text.replace(pattern, replacement);
  return varies ? text.replace(/\d+(?:[.,]\d+)*/g, '#').replace(/ {2,}/g, ' ') : text;
}

/**
 * Where a sample and an output disagree, or undefined when the output shows the sample: each run of
 * sample lines between two `...` appears as consecutive lines of the output, in order; the first
 * run starts the output and the last one ends it unless `...` stands before or after them.
 *
 * @example
 * sampleMismatch(sample, run.stdout); // undefined, or 'the sample\'s lines ["..."] are not at the end of the output'
 */
export function sampleMismatch(sample: Sample, stdout: string): string | undefined {
  const output = stdout
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => normalize(l, sample.varies));
  const runs: string[][] = [[]];
  for (const line of sample.lines) {
    if (line === '...') runs.push([]);
    else runs.at(-1)?.push(normalize(line, sample.varies));
  }
  let at = 0;
  for (const [index, run] of runs.entries()) {
    if (run.length === 0) continue;
    const fits = (s: number) => s >= at && s + run.length <= output.length && run.every((line, k) => output[s + k] === line);
    const first = index === 0;
    const last = index === runs.length - 1;
    let found = -1;
    if (first && last) found = run.length === output.length && fits(0) ? 0 : -1;
    else if (first) found = fits(0) ? 0 : -1;
    else if (last) found = fits(output.length - run.length) ? output.length - run.length : -1;
    else for (let s = at; s + run.length <= output.length && found < 0; s++) if (fits(s)) found = s;
    if (found < 0) {
      const where = first ? 'at the start of the output' : last ? 'at the end of the output' : `in the output after its line ${at}`;
      return `the sample's lines ${JSON.stringify(run)} are not ${where}`;
    }
    at = found + run.length;
  }
  return undefined;
}
