/**
 * The test cases of a run's junit.xml as a pipeline reads them: name, classname and what the case holds
 * (a failure, an error, a skip, or nothing for a pass), with XML entities decoded.
 */
import { readFileSync } from 'node:fs';

export interface JunitOutcome {
  message: string;
  type?: string;
}

export interface JunitCase {
  name: string;
  classname: string;
  failure?: JunitOutcome;
  error?: JunitOutcome;
  skipped?: JunitOutcome;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
}

function outcome(body: string, element: string): JunitOutcome | undefined {
  const tag = new RegExp(`<${element}\\b[^>]*>`).exec(body)?.[0];
  if (!tag) return undefined;
  const type = attribute(tag, 'type');
  return { message: attribute(tag, 'message') ?? '', ...(type !== undefined ? { type } : {}) };
}

export function readJunit(file: string): JunitCase[] {
  const xml = readFileSync(file, 'utf8');
  return [...xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((match) => {
    const [, head = '', body = ''] = match;
    const failure = outcome(body, 'failure');
    const error = outcome(body, 'error');
    const skipped = outcome(body, 'skipped');
    return {
      name: attribute(head, 'name') ?? '',
      classname: attribute(head, 'classname') ?? '',
      ...(failure ? { failure } : {}),
      ...(error ? { error } : {}),
      ...(skipped ? { skipped } : {}),
    };
  });
}

/** The key of the test a case reports (lib/results.ts TestRecord.key). */
export function caseKey(testCase: JunitCase): string {
  return `${testCase.classname} › ${testCase.name}`;
}
