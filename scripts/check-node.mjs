// First step of `npm start` and `npm test`: one clear line instead of obscure failures on an old Node.
// Plain JavaScript with no imports beyond Node's own, so it runs on any Node that can start npm.
import { readFileSync } from 'node:fs';

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const [major, minor] = process.versions.node.split('.').map(Number);
// engines is a list of caret ranges, "^22.19.0 || ^24.11.0": the same major, at least that minor.
const admitted = range.split('||').some((part) => {
  const [wantMajor, wantMinor] = part.trim().replace('^', '').split('.').map(Number);
  return major === wantMajor && minor >= wantMinor;
});
if (!admitted) {
  console.error(
    `This project needs Node ${range} (Node 24 LTS recommended); this is ${process.version}. ` +
      'Install it, or run `source scripts/use-node.sh` to fetch it from the npm registry.',
  );
  process.exit(1);
}
