// Picks accounts, departments and roles from the user directory (app/v6/review/directory.do)
// as reviewers, administrators or graders.
import { Select } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import { searchDirectory, type Assignee, type AssigneeKind, type Directory } from '../../services/review';
import { roleLabel } from '../../utils/perms';

type Props = {
  value: Assignee[];
  onChange: (v: Assignee[]) => void;
  f: (id: string, v?: Record<string, any>) => string;
  /** accessible name of the control */
  label: string;
  tid: string;
  status?: 'error';
  describedBy?: string;
};

const keyOf = (a: Assignee) => `${a.kind}:${a.id}`;

const AssigneePicker: React.FC<Props> = ({ value, onChange, f, label, tid, status, describedBy }) => {
  const [dir, setDir] = useState<Directory>({ users: [], depts: [], roles: [] });
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const search = (q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      searchDirectory(q)
        .then((r) => setDir(r.data))
        .catch(() => setDir({ users: [], depts: [], roles: [] }))
        .finally(() => setLoading(false));
    }, 250);
  };
  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
  }, []);
  // a saved system role in the console language (by its fixed id; one just picked already has its
  // option's label); every other name as the server gives it
  const picked = `${f('rv.dir.role')}: `;
  const shown = (a: Assignee) =>
    a.kind === 'role' && a.name && !a.name.startsWith(picked) ? roleLabel(f, { id: a.id, name: a.name }) : a.name || a.id;
  const names = new Map(value.map((a) => [keyOf(a), shown(a)]));
  const opt = (kind: AssigneeKind, id: string, name: string) => {
    names.set(`${kind}:${id}`, name);
    return { value: `${kind}:${id}`, label: name };
  };
  const options = [
    { label: f('rv.dir.users'), options: dir.users.map((u) => opt('user', u.id, u.name && u.name !== u.loginName ? `${u.name} (${u.loginName})` : u.loginName)) },
    { label: f('rv.dir.depts'), options: dir.depts.map((d) => opt('dept', d.id, `${f('rv.dir.dept')}: ${d.name}`)) },
    { label: f('rv.dir.roles'), options: dir.roles.map((r) => opt('role', r.id, `${picked}${roleLabel(f, r)}`)) },
  ].filter((g) => g.options.length > 0);
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      aria-label={label}
      aria-describedby={describedBy}
      data-testid={tid}
      status={status}
      showSearch
      filterOption={false}
      onSearch={search}
      loading={loading}
      placeholder={f('rv.dir.placeholder')}
      notFoundContent={loading ? f('rv.dir.loading') : f('rv.dir.none')}
      labelInValue
      value={value.map((a) => ({ value: keyOf(a), label: shown(a) }))}
      options={options}
      onChange={(vs: { value: string; label: React.ReactNode }[]) =>
        onChange(
          vs.map((v) => {
            const [kind, ...rest] = v.value.split(':');
            const id = rest.join(':');
            return { kind: kind as AssigneeKind, id, name: names.get(v.value) ?? String(v.label ?? id) };
          }),
        )
      }
    />
  );
};

export default AssigneePicker;
