/**
 * One of a lander's own scripts, written into the page: landers ship no framework to the browser,
 * only small functions of components/lander/islands, each run once with its JSON configuration.
 * The function's source is its own whole program: it may use nothing from outside its body.
 */
export function LanderScript<Config>(props: {
  run: (config: Config) => void;
  config: Config;
  nonce: string | null;
}) {
  // `<` escaped, so no text of the configuration can end the script element.
  const config = JSON.stringify(props.config).replace(/</g, '\\u003c');
  return (
    <script
      nonce={props.nonce ?? undefined}
      dangerouslySetInnerHTML={{ __html: `(${props.run.toString()})(${config});` }}
    />
  );
}
