print("imgframe")
