/**
 * `npm run sentiment -- FILE`: scores each line of a UTF-8 text file (one text per line) and prints one JSON
 * line per text, in order: {"label":"positive"|"neutral"|"negative","score":P} with P = P(positive).
 * Runs on the built code with no server and no database. `-` (or no file) reads standard input.
 */
import { readFileSync } from 'node:fs';
import { scoreSentiment } from './index.js';

function main(argv: readonly string[]): number {
  const file = argv[0];
  if (argv.length > 1 || file === '--help' || file === '-h') {
    process.stderr.write('用法: npm run sentiment -- FILE   (FILE: UTF-8 文本，每行一条；- 表示标准输入)\n');
    return argv.length > 1 ? 2 : 0;
  }
  let input: string;
  try {
    input = readFileSync(file === undefined || file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    process.stderr.write(`无法读取文件 ${file ?? '-'}: ${(e as Error).message}\n`);
    return 1;
  }
  const lines = input.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const out: string[] = [];
  for (const line of lines) {
    const r = scoreSentiment(line.replace(/^\uFEFF/, ''));
    out.push(JSON.stringify({ label: r.label, score: Math.round(r.score * 1e6) / 1e6 }));
  }
  process.stdout.write(out.length > 0 ? out.join('\n') + '\n' : '');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
