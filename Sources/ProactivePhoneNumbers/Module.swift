// Module ProactivePhoneNumbers: placeholder replaced as the module is written.
