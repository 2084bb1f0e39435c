// The build's table of short class names (generator/client/class-names-plugin.ts makes this module).
declare module 'virtual:class-names' {
  const table: Readonly<Record<string, string>>;
  export default table;
}
