/**
 * Who accepts the storefront's connections in a cluster (issue #12 item 15, docs/decisions.md
 * "Bursts"). Node's default on Linux is round-robin: the primary accepts every connection and hands
 * it to a worker over IPC, one at a time per worker, waiting for that worker's acknowledgement. A
 * worker busy rendering acknowledges a few dozen a second, so under a burst of new connections the
 * later ones waited over 10 s for their first answer while the workers answered every request they
 * saw within 3.5 s. With `SCHED_NONE` each worker accepts from the shared socket itself, so a
 * connection goes to whichever worker is free to take it.
 */

/**
 * Makes the cluster's workers accept connections themselves unless the environment chose a policy
 * (`NODE_CLUSTER_SCHED_POLICY=rr` or `none`, Node's own variable, read by Node). Must run in the
 * primary before `setupPrimary()` or the first `fork()`: either freezes the policy (Node's docs).
 * @returns the policy in force
 */
export function acceptInWorkers(
  cluster: import('node:cluster').Cluster,
  env: Record<string, string | undefined> = process.env,
): 'rr' | 'none' {
  if (!env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  return cluster.schedulingPolicy === cluster.SCHED_NONE ? 'none' : 'rr';
}
