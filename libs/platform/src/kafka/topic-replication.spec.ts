import { type TopicReplicas } from './kafka.port';
import {
  checkBrokerCount,
  describeMismatch,
  fixCommand,
  KafkaTopicsError,
  reassignmentPlan,
  replicationMismatches,
  retentionMismatches,
} from './topic-replication';

const topicOf = (topic: string, replicas: number[][], isr = replicas): TopicReplicas => ({
  topic,
  partitions: replicas.map((r, partition) => ({ partition, replicas: r, isr: isr[partition] ?? r })),
});

describe('checkBrokerCount', () => {
  it('lets a factor the live brokers can hold pass', () => {
    expect(() => checkBrokerCount(3, 3)).not.toThrow();
    expect(() => checkBrokerCount(1, 1)).not.toThrow();
  });

  it('refuses more replicas than brokers, naming both numbers under a stable code', () => {
    let refusal: unknown;
    try {
      checkBrokerCount(3, 4);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(KafkaTopicsError);
    expect((refusal as KafkaTopicsError).code).toBe('KAFKA_TOO_FEW_BROKERS');
    expect((refusal as KafkaTopicsError).message).toBe(
      'the Kafka cluster has 3 live brokers, fewer than the 4 replicas KAFKA_REPLICATION_FACTOR=4 asks for: start more brokers or lower KAFKA_REPLICATION_FACTOR',
    );
  });
});

describe('reassignmentPlan', () => {
  it('keeps each partition on its broker first and spreads the new copies evenly', () => {
    const plan = reassignmentPlan(topicOf('t', [[1], [2], [3], [1]]), 3, [1, 2, 3]);
    expect(plan.version).toBe(1);
    expect(plan.partitions.map((p) => p.replicas[0])).toEqual([1, 2, 3, 1]);
    for (const p of plan.partitions) expect(new Set(p.replicas)).toEqual(new Set([1, 2, 3]));
    expect(plan.partitions.map((p) => p.partition)).toEqual([0, 1, 2, 3]);
  });

  it('balances the added replicas over the brokers when there are more brokers than the factor', () => {
    const plan = reassignmentPlan(topicOf('t', [[1], [1], [1], [1]]), 2, [1, 2, 3]);
    const added = plan.partitions.map((p) => p.replicas[1]);
    expect(added.filter((b) => b === 2)).toHaveLength(2);
    expect(added.filter((b) => b === 3)).toHaveLength(2);
  });

  it('cuts to the factor keeping the preferred leader, and drops brokers that are gone', () => {
    const plan = reassignmentPlan(
      topicOf('t', [
        [3, 1, 2],
        [9, 2, 1],
      ]),
      2,
      [1, 2, 3],
    );
    expect(plan.partitions.map((p) => p.replicas)).toEqual([
      [3, 1],
      [2, 1],
    ]);
  });
});

describe('replicationMismatches', () => {
  const wanted = { factor: 3, minInsync: 2 };

  it('finds nothing when the factor and min.insync.replicas are as configured', () => {
    const existing = { replicas: topicOf('t', [[1, 2, 3]]), minInsync: '2' };
    expect(replicationMismatches([existing], wanted, [1, 2, 3])).toEqual([]);
  });

  it('reports a topic of one replica with its plan, and its min.insync.replicas as not fixable yet', () => {
    const existing = { replicas: topicOf('old', [[1], [2]]), minInsync: '1' };
    const found = replicationMismatches([existing], wanted, [1, 2, 3]);
    expect(found.map((m) => [m.setting, m.actual, m.wanted])).toEqual([
      ['replication.factor', 1, 3],
      ['min.insync.replicas', 1, 2],
    ]);
    expect(found[1]).toMatchObject({ fixable: false });
    const plan = found[0]?.setting === 'replication.factor' ? found[0].plan : undefined;
    expect(plan?.partitions.map((p) => p.replicas.length)).toEqual([3, 3]);
  });

  it('says min.insync.replicas can be set now when the topic has the replicas', () => {
    const existing = { replicas: topicOf('t', [[1, 2, 3]]), minInsync: '1' };
    const [m] = replicationMismatches([existing], wanted, [1, 2, 3]);
    expect(m).toMatchObject({ setting: 'min.insync.replicas', fixable: true });
    expect(fixCommand(m!, 'b:1')).toBe('pft kafka topics --fix');
  });

  it('reports a topic whose partitions have uneven replica counts, by its weakest partition', () => {
    const existing = {
      replicas: topicOf('t', [
        [1, 2, 3],
        [1, 2],
      ]),
      minInsync: '2',
    };
    const found = replicationMismatches([existing], wanted, [1, 2, 3]);
    expect(found.map((m) => [m.setting, m.actual])).toEqual([['replication.factor', 2]]);
  });
});

describe('describeMismatch', () => {
  it('names the variable, the plan file and the exact reassignment command', () => {
    const [m] = replicationMismatches(
      [{ replicas: topicOf('pilot-events', [[1]]), minInsync: '2' }],
      { factor: 3, minInsync: 2 },
      [1, 2, 3],
    );
    const lines = describeMismatch(m!, '127.0.0.1:19092');
    expect(lines[0]).toBe(
      'pilot-events: replication factor 1, configuration says 3 (KAFKA_REPLICATION_FACTOR)',
    );
    expect(lines).toContain(
      '  then run: kafka-reassign-partitions.sh --bootstrap-server 127.0.0.1:19092 --reassignment-json-file pilot-events-reassignment.json --execute',
    );
    expect(lines).toContain(
      '    {"version":1,"partitions":[{"topic":"pilot-events","partition":0,"replicas":[1,2,3]}]}',
    );
  });

  it('reports a topic that does not keep every message, with the command that makes it keep them', () => {
    expect(retentionMismatches('pilot-events', '-1', -1)).toEqual([]);
    const [m] = retentionMismatches('pilot-events', '604800000', -1);
    expect(m).toEqual({ topic: 'pilot-events', setting: 'retention.ms', actual: 604800000, wanted: -1 });
    expect(describeMismatch(m!, '127.0.0.1:19092')).toEqual([
      'pilot-events: retention.ms 604800000, configuration says -1 (every message kept: projections are rebuilt from this topic)',
      '  fix: kafka-configs.sh --bootstrap-server 127.0.0.1:19092 --alter --entity-type topics --entity-name pilot-events --add-config retention.ms=-1',
    ]);
    expect(retentionMismatches('dead-letters', undefined, -1)).toMatchObject([{ actual: undefined }]);
  });
});
