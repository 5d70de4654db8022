// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of
// dist/web, at the highest levels, once. The server sends the smaller copy the browser
// accepts (@fastify/static's preCompressed) and never compresses a static file per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../dist/web");
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
for (const file of walk(root)) {
  if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files++;
}
console.log(
  `compress-assets: ${files} files in ${path.relative(process.cwd(), root)} have .br and .gz copies`,
);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!entry.name.endsWith(".br") && !entry.name.endsWith(".gz")) yield full;
  }
}
