/**
 * Redocly plugin of the backend's OpenAPI lint (redocly.yaml): `ecrf/no-ambiguous-paths`, the built-in
 * no-ambiguous-paths with the pairs the call catalogue forces named in the configuration (`forced`), so those stay
 * allowed and any other ambiguous pair is an error. The built-in rule reports only the first ambiguity of a path
 * and cannot be told about exceptions. A forced pair the document no longer has is reported too, so the list stays
 * exact. Why each pair is forced: docs/backend.md "OpenAPI".
 */

const isVariable = (segment) => /^{.+}$/.test(segment);

/** Two templates match a common URL: same length, and each segment equal or a variable on either side. */
function ambiguous(a, b) {
  const left = a.split('/');
  const right = b.split('/');
  if (left.length !== right.length || left.filter(isVariable).length !== right.filter(isVariable).length) return false;
  return left.every((segment, i) => segment === right[i] || isVariable(segment) || isVariable(right[i]));
}

const pairKey = (a, b) => [a, b].sort().join(' ');

/** `forced`: groups of `{between: [paths], and: [paths]}`; every path of `between` with every path of `and`. */
function NoAmbiguousPaths({ forced = [] }) {
  const allowed = new Set(forced.flatMap((group) => group.between.flatMap((a) => group.and.map((b) => pairKey(a, b)))));
  return {
    Paths(paths, { report, location }) {
      const templates = Object.keys(paths);
      const found = new Set();
      templates.forEach((a, i) => {
        for (const b of templates.slice(i + 1)) {
          if (!ambiguous(a, b)) continue;
          found.add(pairKey(a, b));
          if (!allowed.has(pairKey(a, b)))
            report({
              message: `Ambiguous paths not forced by the call catalogue: \`${a}\` and \`${b}\`.`,
              location: location.child([b]).key(),
            });
        }
      });
      for (const pair of allowed)
        if (!found.has(pair)) report({ message: `Forced ambiguity no longer in the document: ${pair}.`, location: location.key() });
    },
  };
}

export default () => ({
  id: 'ecrf',
  rules: { oas3: { 'no-ambiguous-paths': NoAmbiguousPaths } },
});
