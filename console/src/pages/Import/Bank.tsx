import React from 'react';
import Import from '.';

const ImportBank: React.FC = () => <Import bank />;
export default ImportBank;
