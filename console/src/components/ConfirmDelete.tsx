import { useIntl } from '@umijs/max';
import { Popconfirm } from 'antd';
import React from 'react';
import { toast } from '../utils/toast';

/**
 * A red "delete" link behind a confirmation: runs onDelete, toasts success and calls onDone
 * (e.g. reload the table). Failures are already shown by the request layer.
 */
export default function ConfirmDelete(props: {
  title: React.ReactNode;
  onDelete: () => Promise<unknown>;
  onDone?: () => void;
  label?: React.ReactNode;
}) {
  const intl = useIntl();
  return (
    <Popconfirm
      title={props.title}
      onConfirm={async () => {
        try {
          await props.onDelete();
          toast.success(intl.formatMessage({ id: 'common.deleted' }));
          props.onDone?.();
        } catch {
          // shown by the request layer
        }
      }}
    >
      <a style={{ color: '#ff4d4f' }}>{props.label ?? intl.formatMessage({ id: 'common.delete' })}</a>
    </Popconfirm>
  );
}
