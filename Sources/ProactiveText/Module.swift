// Module ProactiveText: placeholder replaced as the module is written.
