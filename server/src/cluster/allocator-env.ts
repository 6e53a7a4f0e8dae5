// glibc's malloc settings for the API processes Verso starts itself (`make run`, and the members an
// Api__Processes cluster forks). glibc gives a thread that meets contention an arena of its own, up
// to 8 per core, and keeps what each arena freed: libvips allocates its decode and encode buffers
// from many threads (sharp's transforms, services/media/rendition-engine.ts), so 100 cold
// renditions left 245–300 MiB more resident with glibc's defaults, 132–166 MiB with two arenas
// (bench/images.ts, flood). The variables are read when a process starts, so only whoever starts
// the process can set them: the operator's own value (or a GLIBC_TUNABLES arena_max) always wins.

/** What Verso adds to a process's environment when the operator has not chosen. */
export const ALLOCATOR_DEFAULTS: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The variables to add to `env` for a process Verso starts: none when the operator set the arena limit. */
export function allocatorDefaults(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const chosen = env.MALLOC_ARENA_MAX !== undefined || /(^|:)glibc\.malloc\.arena_max=/.test(env.GLIBC_TUNABLES ?? '');
  return chosen ? {} : { ...ALLOCATOR_DEFAULTS };
}
