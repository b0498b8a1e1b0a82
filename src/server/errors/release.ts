import { readFileSync } from 'node:fs';
import path from 'node:path';

// The release an error report names: RELEASE when the deployment says which build it is (a
// commit), otherwise the package's name and version, as Sentry's releases are usually named.

let packageRelease: string | null = null;

function fromPackage(): string {
  if (packageRelease === null) {
    const file = path.resolve(import.meta.dirname, '../../../package.json');
    const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as {
      name: string;
      version: string;
    };
    packageRelease = `${name}@${version}`;
  }
  return packageRelease;
}

export function releaseName(configured: string | null): string {
  return configured ?? fromPackage();
}
