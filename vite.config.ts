import { defineConfig } from 'vite';

// The renderer: static files the control API serves (dist/renderer).
export default defineConfig({
  root: 'renderer',
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: { outDir: '../dist/renderer', emptyOutDir: true, target: 'es2022', reportCompressedSize: true },
});
