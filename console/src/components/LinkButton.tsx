import { Button, type ButtonProps } from 'antd';
import React from 'react';

/**
 * An action that looks like a link in a table row or toolbar but is a real button: a Tab stop,
 * Enter and Space work, announced as a button. `danger` uses the console's red (#c62828,
 * 4.5:1 on white), not antd's lighter one. Forwards its ref, so it can sit in a Popconfirm.
 */
const LinkButton = React.forwardRef<HTMLButtonElement, Omit<ButtonProps, 'type'> & { danger?: boolean }>(({ danger, style, ...rest }, ref) => (
  <Button ref={ref} type="link" size="small" {...rest} style={{ padding: 0, height: 'auto', ...(danger ? { color: '#c62828' } : {}), ...style }} />
));

export default LinkButton;
