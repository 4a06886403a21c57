import { useIntl } from '@umijs/max';
import { Popconfirm } from 'antd';
import React from 'react';
import { toast } from '../utils/toast';
import LinkButton from './LinkButton';

/**
 * A red "delete" button (link-styled) behind a confirmation: runs onDelete, toasts success and calls onDone
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
      <LinkButton danger>{props.label ?? intl.formatMessage({ id: 'common.delete' })}</LinkButton>
    </Popconfirm>
  );
}
