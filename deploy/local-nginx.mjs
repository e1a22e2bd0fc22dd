// Runs deploy/nginx.conf with real nginx on loopback ports, for the tests and `npm run scan:headers`.
// The deployment-specific values (paths, ports, upstream, certificate) are swapped for local ones;
// every swap must match, so a reshaped config fails loudly instead of being tested half-way.
import { spawn, execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";

const deployDir = resolve(import.meta.dirname);
const projectDir = resolve(deployDir, "..");

function swap(text, from, to, file) {
  if (!text.includes(from)) throw new Error(`${file} no longer contains "${from}": update deploy/local-nginx.mjs`);
  return text.split(from).join(to);
}

function waitForPort(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolvePort, reject) => {
    const attempt = () => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.end();
        resolvePort();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Resolves once nginx's master process has started a worker: it does so only after binding every
 * listening socket (until then an answer on a port could come from another process holding it).
 */
function waitForWorker(pid, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  const children = `/proc/${pid}/task/${pid}/children`;
  return new Promise((resolveWorker, reject) => {
    const attempt = () =>
      readFile(children, "utf8").then(
        (list) => {
          if (list.trim()) resolveWorker();
          else if (Date.now() > deadline) reject(new Error(`nginx started no worker within ${timeoutMs} ms`));
          else setTimeout(attempt, 50);
        },
        // Not Linux, or nginx already gone (the exit is reported by the caller): fall back to the ports.
        () => resolveWorker(),
      );
    attempt();
  });
}

/**
 * A folder of its own for an nginx run by a test as this user: its temporary folders, writable by the
 * workers (they run as nobody and read the files it serves, write request bodies here).
 */
export async function localNginxDir() {
  const dir = await mkdtemp(join(tmpdir(), "ssl-nginx-"));
  await chmod(dir, 0o755);
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    await mkdir(join(dir, temp));
    await chmod(join(dir, temp), 0o777);
  }
  return dir;
}

/** The main config of an nginx run from `dir` (localNginxDir) in the foreground, `http` inside its http block. */
export function localNginxMain(dir, http) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
${http}}
`;
}

/**
 * Starts nginx with deploy/nginx.conf. `httpPort` serves the site over plain HTTP (the test's door
 * for Chromium and the Observatory), `redirectPort` is the config's port-80 server, `httpsPort` its
 * HTTPS server with a self-signed certificate made now. The mail endpoint goes to `nodePort`.
 */
export async function startLocalNginx({ httpPort, redirectPort, httpsPort, nodePort, buildDir = join(projectDir, "build") }) {
  const dir = await localNginxDir();
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );

  let site = await readFile(join(deployDir, "site.conf"), "utf8");
  site = swap(site, "/srv/ssl-website/build", buildDir, "site.conf");
  let main = await readFile(join(deployDir, "nginx.conf"), "utf8");
  main = swap(main, "/srv/ssl-website/deploy/site.conf", join(dir, "site.conf"), "nginx.conf");
  main = swap(main, "/srv/ssl-website/build", buildDir, "nginx.conf");
  main = swap(main, "server 127.0.0.1:3000;", `server 127.0.0.1:${nodePort};`, "nginx.conf");
  main = swap(main, "    listen [::]:80;\n", "", "nginx.conf");
  main = swap(main, "    listen [::]:443 ssl http2;\n", "", "nginx.conf");
  main = swap(main, "listen 80;", `listen 127.0.0.1:${redirectPort};`, "nginx.conf");
  main = swap(main, "listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`, "nginx.conf");
  main = swap(main, "/etc/letsencrypt/live/example.com/fullchain.pem", join(dir, "cert.pem"), "nginx.conf");
  main = swap(main, "/etc/letsencrypt/live/example.com/privkey.pem", join(dir, "key.pem"), "nginx.conf");
  await writeFile(join(dir, "site.conf"), site);
  await writeFile(join(dir, "nginx.conf"), main);
  await writeFile(
    join(dir, "main.conf"),
    localNginxMain(
      dir,
      `    include ${dir}/nginx.conf;
    # The same site over plain HTTP on loopback, for Chromium and the Observatory scanner.
    server {
        listen 127.0.0.1:${httpPort};
        server_name localhost;
        include ${dir}/site.conf;
    }
`,
    ),
  );
  execFileSync("nginx", ["-t", "-q", "-p", dir, "-c", join(dir, "main.conf")], { stdio: "pipe" });
  const nginx = spawn("nginx", ["-p", dir, "-c", join(dir, "main.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  nginx.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolveExit) => nginx.once("exit", resolveExit));
  try {
    await Promise.race([
      waitForWorker(nginx.pid).then(() => Promise.all([waitForPort(httpPort), waitForPort(redirectPort), waitForPort(httpsPort)])),
      // A failed bind() is reported in the error log, not on stderr.
      exited.then(async (code) =>
        Promise.reject(new Error(`nginx exited (${code}): ${stderr}${await readFile(join(dir, "error.log"), "utf8").catch(() => "")}`)),
      ),
    ]);
  } catch (error) {
    nginx.kill("SIGTERM");
    await exited;
    await rm(dir, { recursive: true, force: true });
    // nginx says "bind() to 127.0.0.1:… failed (98: Address already in use)": give it Node's code.
    if (/Address already in use/.test(error.message)) error.code = "EADDRINUSE";
    throw error;
  }
  return {
    dir,
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    redirectOrigin: `http://127.0.0.1:${redirectPort}`,
    httpsOrigin: `https://127.0.0.1:${httpsPort}`,
    certificate: join(dir, "cert.pem"),
    errorLog: () => readFile(join(dir, "error.log"), "utf8").catch(() => ""),
    async stop() {
      nginx.kill("SIGQUIT");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts nginx as `startLocalNginx` does, on three loopback ports found free now (outside the
 * ephemeral range, scripts/test-setup/free-port.mjs); when one is taken before nginx binds it, starts again
 * on fresh ports.
 */
export function startLocalNginxOnFreePorts({ nodePort, buildDir }) {
  return withFreePorts(3, ([httpPort, redirectPort, httpsPort]) => startLocalNginx({ httpPort, redirectPort, httpsPort, nodePort, buildDir }));
}
