// umi plugin (.umirc.ts `plugins`): after `max build`, builds the light answer entry into
// dist/an/ (scripts/build-answer.mjs). A failure fails the build.
import { execFileSync } from 'child_process';
import path from 'path';

export default (api: any) => {
  api.onBuildComplete(({ err }: { err?: unknown }) => {
    if (err) return;
    execFileSync(process.execPath, [path.join(__dirname, 'build-answer.mjs'), '--outdir', api.paths.absOutputPath], { stdio: 'inherit' });
  });
};
