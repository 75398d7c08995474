import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const README = join(__dirname, '..', '..', 'README.md');

/** The first `lang` block under the README's `heading`, exactly as a reader copies it. */
export function readmeBlock(heading: string, lang: 'sh' | 'js' = 'sh'): string {
  const readme = readFileSync(README, 'utf8');
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`README has no "${heading}"`);
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(readme.slice(at));
  if (!block) throw new Error(`README has no ${lang} block under "${heading}"`);
  return block[1]!;
}

/** Runs `script` as `bash -euo pipefail`, as a reader's shell would, in `cwd` unless told otherwise. */
export function runBash(
  script: string,
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
