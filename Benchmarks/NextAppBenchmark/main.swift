print("placeholder: benchmark not written yet")
