/**
 * What turning login off means on this instance. Our server says whether other machines can reach it
 * (`instance.reachable_from_other_machines`); MindsDB does not, and the warning then says it cannot tell.
 */
export function ReachWarning({ reachable }: { reachable: boolean | undefined }) {
  if (reachable === false) {
    return (
      <p role="note" className="st-reach">
        Only this computer can reach this server (it listens on a loopback address). With login off, any
        program or person on this computer can use it without a password.
      </p>
    );
  }
  return (
    <div role="alert" className="st-reach is-danger">
      <p>
        <strong>
          {reachable
            ? 'Other machines can reach this server'
            : 'The console cannot tell whether other machines can reach this instance'}
        </strong>
        {reachable
          ? ' (it listens beyond this computer, or answers to names given with --allowed-hosts).'
          : '.'}
      </p>
      <p>
        With login off, {reachable ? 'anyone' : 'anyone who can reach it'} can read and change every table,
        knowledge base and agent, and use the connected data sources and model keys, without a password.
      </p>
    </div>
  );
}
