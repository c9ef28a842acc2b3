import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import type { MonitorSubject } from '../../placement/components/add-monitor-modal';

const AddMonitorModal = lazy(() =>
  import('../../placement/components/add-monitor-modal').then((m) => ({ default: m.AddMonitorModal })),
);

/** 加入监测 on a list row: opens the monitor chooser (placement/components/add-monitor-modal.tsx). */
export function MonitorAction({ subject }: { subject: MonitorSubject }) {
  const [open, setOpen] = useState(false);
  const name = subject.kind === 'video' ? subject.title : subject.kolName;
  return (
    <>
      <Button type="link" size="small" aria-label={`加入监测：${name}`} onClick={() => setOpen(true)}>
        加入监测
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AddMonitorModal subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
