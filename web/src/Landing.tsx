export function Landing() {
  return (
    <>
      <header className="bar">
        <a className="brand" href="/">
          Token Analysis
        </a>
        <nav aria-label="Main">
          <a href="/console">Console</a>
          <a href="/docs">API docs</a>
        </nav>
      </header>
      <main className="page">
        <section className="hero">
          <h1>Is this token safe to touch?</h1>
          <p className="lead">
            Paste an EVM token address and get a verdict before you buy: every owner power is proven by running the
            token&apos;s own code over the chain&apos;s real state, every trade is simulated through its pools, and
            every finding carries the evidence that proves it.
          </p>
          <a className="button primary" href="/console">
            Scan a token
          </a>
        </section>
        <section aria-labelledby="surfaces">
          <h2 id="surfaces">Three ways in</h2>
          <div className="cards">
            <article className="card">
              <h3>API (surface A)</h3>
              <p>
                <code>POST /api/v1/token/scan</code> with <code>X-Service-API-Key</code>: grade, findings with evidence,
                taxes, liquidity, holders, wash trading and snipers in one answer. Free and paid plans, paid on-chain.
              </p>
            </article>
            <article className="card">
              <h3>Scanner (surface B)</h3>
              <p>
                <code>/scanner/api/v1</code> with a Bearer key: numeric scores per feature for bots, and a free 10-scan
                test key to try it.
              </p>
            </article>
            <article className="card">
              <h3>Platform (surface C)</h3>
              <p>
                <code>/v1</code>: token overviews, wallets, prices and transactions, with tiers by stake.
              </p>
            </article>
          </div>
        </section>
        <section aria-labelledby="build">
          <h2 id="build">Build with it</h2>
          <ul className="links">
            <li>
              <a href="/docs">Interactive API documentation</a>
            </li>
            <li>
              <a href="/v1/openapi.json">The OpenAPI document</a> (the contract every answer is checked against)
            </li>
            <li>
              The TypeScript SDK (<code>packages/sdk</code>) and the <code>tas</code> command line, in the repository
            </li>
          </ul>
        </section>
      </main>
    </>
  );
}
